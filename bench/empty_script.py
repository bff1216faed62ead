"""The anchor for the heap figures: the interpreter running nothing of ours."""

import sys

sys.path.insert(0, sys.argv[1] if len(sys.argv) > 1 else ".")
print("ok")
