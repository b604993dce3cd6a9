// CPython's interpreter as a program built with -fsanitize=thread: the TSan runtime is linked
// in and starts before anything else, so that the dtb module built under TSan can be imported.
// (clang 14's shared runtime under LD_PRELOAD crashes in libstdc++'s start-up: it needs
// libstdc++, whose initialisation then calls its interceptors before the runtime is ready.)
#include <Python.h>

int main(int argc, char** argv) { return Py_BytesMain(argc, argv); }
