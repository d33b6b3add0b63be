# A small training step: cuBLAS FP32 GEMMs, GELU, LayerNorm, softmax,
# cross-entropy, AdamW's foreach kernels, reductions.  argv[1]: steps
# (default 5).  About 45 kernel launches a step.  Checks that the loss is
# finite and, from 3 steps on, that it fell.
import sys
import torch
import torch.nn as nn

steps = int(sys.argv[1]) if len(sys.argv) > 1 else 5
torch.manual_seed(0)
dev = "cuda"
model = nn.Sequential(nn.Linear(1024, 4096), nn.GELU(), nn.LayerNorm(4096),
                      nn.Linear(4096, 1024), nn.LayerNorm(1024)).to(dev)
head = nn.Linear(1024, 1000).to(dev)
opt = torch.optim.AdamW(list(model.parameters()) + list(head.parameters()), lr=1e-3, foreach=True)
x = torch.randn(512, 1024, device=dev)
y = torch.randint(0, 1000, (512,), device=dev)
first = None
for step in range(steps):
    opt.zero_grad(set_to_none=True)
    logits = head(model(x))
    p = torch.softmax(logits, dim=-1)
    loss = nn.functional.cross_entropy(logits, y) + p.square().mean()
    loss.backward()
    opt.step()
    if step == 0:
        first = loss.item()
last = loss.item()
assert last == last and abs(last) < float("inf"), "loss %r" % last
assert steps < 3 or last < first, "loss rose from %.6f to %.6f" % (first, last)
print("loss %.6f -> %.6f" % (first, last))
