# PyTorch's LayerNorm forward alone, train_step.py's shape (512 rows of
# 4096 floats), whose global loads Nsight Compute finds about 55 %
# excessive on an H200 (issue 38's third instruction target).  argv[1]:
# launches (default 20).  Checks each row's mean and variance.
import sys
import torch

n = int(sys.argv[1]) if len(sys.argv) > 1 else 20
torch.manual_seed(0)
x = torch.randn(512, 4096, device="cuda")
ln = torch.nn.LayerNorm(4096).to("cuda")
with torch.no_grad():
    for _ in range(n):
        y = ln(x)
torch.cuda.synchronize()
mean, var = y.mean(dim=1), y.var(dim=1, unbiased=False)
assert mean.abs().max().item() < 1e-4, "row means %r" % mean.abs().max().item()
assert (var - 1).abs().max().item() < 1e-3, "row variances off by %r" % (var - 1).abs().max().item()
print("layernorm: %d launches, rows normalised" % n)
