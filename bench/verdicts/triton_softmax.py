# A Triton kernel: row softmax over 8192 x 1024 floats.  argv[1]:
# repetitions (default 3); 20 makes bench/profile.sh's short script (14
# kernels, 36 launches).  Checks the result against torch.softmax.
import sys
import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(out_ptr, in_ptr, stride, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(in_ptr + row * stride + cols, mask=mask, other=-float("inf"))
    x = x - tl.max(x, axis=0)
    e = tl.exp(x)
    tl.store(out_ptr + row * stride + cols, e / tl.sum(e, axis=0), mask=mask)


reps = int(sys.argv[1]) if len(sys.argv) > 1 else 3
x = torch.randn(8192, 1024, device="cuda")
y = torch.empty_like(x)
for _ in range(reps):
    softmax_kernel[(x.shape[0],)](y, x, x.stride(0), x.shape[1], BLOCK=1024)
torch.cuda.synchronize()
assert torch.allclose(y, torch.softmax(x, dim=-1), atol=1e-5), "softmax"
print("ok")
