#!/usr/bin/env python3
"""Library kernels nobody here wrote, for gpuperf profile's default (issue 37).

  - cuBLAS's FP32 GEMM on the CUDA cores (TF32 off): compute-bound;
  - a vectorized elementwise add (16-byte loads and stores): memory-bound,
    every fetched byte used;
  - a LayerNorm forward;
  - a cuDNN FP16 channels-last convolution, forward and backward.

Results are checked against float64 on the CPU (a few rows).  Prints
nothing; exit 1 on a wrong result.
"""
import sys

import torch

torch.backends.cuda.matmul.allow_tf32 = False
torch.backends.cudnn.allow_tf32 = False


def near(name, got, want, tol):
    err = (got - want).abs().max().item() / max(1.0, want.abs().max().item())
    if err > tol:
        sys.exit(f"{name}: relative error {err:g} over {tol:g}")


def main():
    if not torch.cuda.is_available():
        sys.exit("torch-library: no CUDA device")
    g = torch.Generator(device="cuda").manual_seed(37)
    a = torch.rand(2048, 2048, device="cuda", generator=g) - 0.5
    b = torch.rand(2048, 2048, device="cuda", generator=g) - 0.5
    for _ in range(3):
        c = a @ b
    near("FP32 GEMM", c[:64].double().cpu(), a[:64].double().cpu() @ b.double().cpu(), 1e-4)
    x = torch.rand(1 << 26, device="cuda", generator=g)
    y = torch.rand(1 << 26, device="cuda", generator=g)
    for _ in range(3):
        z = x + y
    near("add", z[:4096].cpu(), x[:4096].cpu() + y[:4096].cpu(), 1e-6)
    ln = torch.nn.LayerNorm(4096).cuda()
    h = torch.randn(4096, 4096, device="cuda", generator=g)
    for _ in range(3):
        o = ln(h)
    near("LayerNorm", o[:8].double().cpu(),
         torch.nn.functional.layer_norm(h[:8].double().cpu(), (4096,)), 1e-4)
    conv = torch.nn.Conv2d(64, 128, 3, padding=1).cuda().half()
    conv = conv.to(memory_format=torch.channels_last)
    img = torch.randn(32, 64, 56, 56, device="cuda", generator=g, dtype=torch.half)
    img = img.to(memory_format=torch.channels_last).requires_grad_()
    for _ in range(3):
        out = conv(img)
        out.float().sum().backward()
    torch.cuda.synchronize()
    if not torch.isfinite(img.grad).all():
        sys.exit("convolution: a gradient is not finite")


if __name__ == "__main__":
    main()
