#!/usr/bin/env python3
"""A small model trained under torch.autograd.profiler.emit_nvtx(), with
record_function scopes around each step's parts, for
tests/gpu/profile-ranges.bats (gpuperf profile --by range).

  torch-nvtx.py STEPS          train STEPS steps: train_step/forward,
                               train_step/backward, train_step/optimizer
  torch-nvtx.py STEPS --graph  then capture one forward pass into a CUDA
                               graph inside "capture" and replay it 3
                               times inside "replay"

Every scope's name is the same each step (emit_nvtx adds ", seq = N,
op_id = M", which gpuperf cuts), so the ranges are the same for any
number of steps.  Checks that the loss falls; prints nothing.
"""
import sys

import torch
from torch.profiler import record_function


def train(model, x, target, steps):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    losses = []
    for _ in range(steps):
        with record_function("train_step"):
            with record_function("forward"):
                loss = torch.nn.functional.cross_entropy(model(x), target)
            with record_function("backward"):
                opt.zero_grad()
                loss.backward()
            with record_function("optimizer"):
                opt.step()
        losses.append(loss.item())
    if steps > 1 and not losses[-1] < losses[0]:
        sys.exit(f"the loss did not fall: {losses}")


def graph(model, x, replays=3):
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.no_grad(), torch.cuda.stream(side):
        for _ in range(3):   # warm-up before the capture, as PyTorch asks
            model(x)
    torch.cuda.current_stream().wait_stream(side)
    g = torch.cuda.CUDAGraph()
    with torch.no_grad():
        with record_function("capture"):
            with torch.cuda.graph(g):
                y = model(x)
        want = model(x)
        with record_function("replay"):
            for _ in range(replays):
                g.replay()
    torch.cuda.synchronize()
    if not torch.allclose(y, want):
        sys.exit("the graph's output differs from the model's")


def main():
    steps = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    torch.manual_seed(0)
    model = torch.nn.Sequential(
        torch.nn.Linear(512, 1024), torch.nn.ReLU(), torch.nn.Linear(1024, 10)).cuda()
    x = torch.randn(256, 512, device="cuda")
    target = torch.randint(0, 10, (256,), device="cuda")
    with torch.autograd.profiler.emit_nvtx():
        train(model, x, target, steps)
        if "--graph" in sys.argv:
            graph(model, x)
    torch.cuda.synchronize()


if __name__ == "__main__":
    main()
