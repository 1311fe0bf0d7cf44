// OpenGL 3.3 core entry points. Mesa's libGL (GLVND) exports them directly and
// dispatches to whichever context is current, GLX or EGL (SDL's offscreen driver).
#ifndef SPRINGLAB_CGL_SHIM_H
#define SPRINGLAB_CGL_SHIM_H
#define GL_GLEXT_PROTOTYPES 1
#include <GL/glcorearb.h>
#endif
