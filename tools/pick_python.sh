#!/bin/sh
# Prints the interpreter `make` builds .venv from: the first of the candidates that is Python
# 3.11 or newer and can make a virtual environment with pip. The distribution's own
# /usr/bin/python3 comes first: Debian and Ubuntu build it with profile-guided and link-time
# optimisation and link libpython into the executable, while an interpreter built from source
# with default options (pyenv's, say) has neither; the engine runs about 15% faster on the
# former (docs/performance.md). PYTHON=... on make's command line overrides this choice.
for candidate in /usr/bin/python3 python3; do
    if "$candidate" -c 'import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 11))' \
            2>/dev/null; then
        echo "$candidate"
        exit 0
    fi
done
echo python3  # none fits: let venv's own error say why
