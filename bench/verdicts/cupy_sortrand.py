# CuPy's random and sort kernels (cuRAND, CUB's radix sort).  argv[1]:
# repetitions (default 3).  Checks the sort and the argsort.
import sys
import cupy as cp

reps = int(sys.argv[1]) if len(sys.argv) > 1 else 3
rs = cp.random.RandomState(seed=1)
for _ in range(reps):
    a = rs.random_sample(1 << 22, dtype=cp.float32)
    b = rs.standard_normal(1 << 22, dtype=cp.float64)
    s = cp.sort(a)
    i = cp.argsort(b)
    assert bool((s[1:] >= s[:-1]).all()), "sort"
    assert bool((b[i][1:] >= b[i][:-1]).all()), "argsort"
cp.cuda.Device().synchronize()
print("ok %.4f" % float(s[-1] + b[i[0]]))
