#ifndef SPRINGLAB_CSDL2IMAGE_SHIM_H
#define SPRINGLAB_CSDL2IMAGE_SHIM_H
#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#endif
