# cuDNN convolutions in FP16, channels-last, forward and backward, with
# batch norm, ReLU and pooling.  argv[1]: steps (default 3).  Checks that
# cuDNN is on and the input's gradient is finite and not zero.
import sys
import torch
import torch.nn as nn

assert torch.backends.cudnn.is_available() and torch.backends.cudnn.enabled, "no cuDNN"
steps = int(sys.argv[1]) if len(sys.argv) > 1 else 3
torch.manual_seed(0)
m = nn.Sequential(nn.Conv2d(64, 128, 3, padding=1), nn.BatchNorm2d(128), nn.ReLU(),
                  nn.MaxPool2d(2), nn.Conv2d(128, 128, 3, padding=1), nn.BatchNorm2d(128),
                  nn.ReLU(), nn.AdaptiveAvgPool2d(1)).cuda().half()
m = m.to(memory_format=torch.channels_last)
x = torch.randn(32, 64, 56, 56, device="cuda", dtype=torch.half)
x = x.to(memory_format=torch.channels_last).requires_grad_()
for _ in range(steps):
    out = m(x)
    out.float().sum().backward()
g = x.grad.float().abs().sum().item()
assert 0 < g < float("inf"), "grad %r" % g
print("grad %.4f" % g)
