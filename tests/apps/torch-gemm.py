#!/usr/bin/env python3
"""Two cuBLAS GEMMs through PyTorch, compute-bound by construction.

  FP16: C = A @ B, 8192 x 8192 x 8192 half precision on the tensor cores.
  FP32: 4096 x 4096 x 4096 single precision with TF32 off, on the CUDA
        cores (FFMA): cuBLAS's sm80_xmma_gemm_..._ffma on an H100.

Each runs ROUNDS times after a warm-up and is checked against float64
on the CPU for a few entries.  Prints nothing; exit 1 on a wrong result.
For tests/gpu/profile.bats: gpuperf profile must call both compute-bound.
"""
import sys

import torch

ROUNDS = 5


def check(name, a, b, c, tol):
    for i, j in ((0, 0), (17, 4093), (a.shape[0] - 1, 5)):
        want = (a[i].double().cpu() * b[:, j].double().cpu()).sum().item()
        got = c[i, j].double().item()
        if abs(got - want) > tol * max(1.0, abs(want)):
            sys.exit(f"{name}: C[{i},{j}] = {got}, want {want}")


def gemm(n, dtype, tol):
    g = torch.Generator(device="cuda").manual_seed(27)
    a = torch.rand(n, n, device="cuda", dtype=dtype, generator=g) - 0.5
    b = torch.rand(n, n, device="cuda", dtype=dtype, generator=g) - 0.5
    c = a @ b
    for _ in range(ROUNDS):
        c = a @ b
    torch.cuda.synchronize()
    check(f"{dtype} GEMM", a, b, c, tol)


def main():
    if not torch.cuda.is_available():
        sys.exit("torch-gemm: no CUDA device")
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    gemm(8192, torch.float16, 2e-2)
    gemm(4096, torch.float32, 1e-4)


if __name__ == "__main__":
    main()
