# 26 kernels, 80 launches (68 profiled with the default --launches 3), small arrays:
# the CuPy workload of issue 27 (item 5) for bench/profile.sh
import cupy as cp, time
t=time.time()
a=cp.arange(1<<20,dtype=cp.float32); b=cp.ones(1<<20,dtype=cp.float32)
m=cp.random.rand(512,512,dtype=cp.float32)
for i in range(3):
    c=a*b+1; d=cp.sqrt(c); e=cp.sum(d); f=cp.exp(-d); g=cp.maximum(f,0.5)
    h=m@m; k=cp.cumsum(b); l=cp.sort(a[:4096]); n=cp.argmax(g); o=cp.tanh(c)
    p=cp.where(c>2,c,0); q=cp.mean(o); r=cp.transpose(m).copy()
cp.cuda.Device().synchronize()
print("done", float(e), float(q), time.time()-t)
