#!/usr/bin/env bash
# cuda-tool.sh NAME: the path of the CUDA toolkit's program NAME
# (cuobjdump, nvdisasm), from the toolkit that builds gpuperf (beside nvcc,
# or in $CUDA_HOME/bin), else PATH, else NVIDIA's PyPI wheel
# nvidia-cuda-NAME (.ci/run installs it where the toolkit lacks it), found
# through python3's package metadata.  Status 1, with the places looked
# in on stderr, when there is none.
set -u
name=$1
nvcc=$(command -v nvcc 2>/dev/null)
for c in ${nvcc:+"$(dirname "$(readlink -f "$nvcc")")/$name"} "${CUDA_HOME:-/usr/local/cuda}/bin/$name" \
	"$(command -v "$name" 2>/dev/null)"; do
	if [ -n "$c" ] && [ -x "$c" ]; then
		echo "$c"
		exit 0
	fi
done
if command -v python3 >/dev/null && c=$(python3 - "$name" 2>/dev/null <<'PY'
import importlib.metadata as m, sys
name = sys.argv[1]
print(next(str(f.locate()) for f in m.files('nvidia-cuda-' + name) if f.name == name))
PY
) && [ -x "$c" ]; then
	echo "$c"
	exit 0
fi
echo "$name not found: not beside nvcc, not in ${CUDA_HOME:-/usr/local/cuda}/bin, not on PATH, and no PyPI package nvidia-cuda-$name" >&2
exit 1
