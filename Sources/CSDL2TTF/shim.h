#ifndef SPRINGLAB_CSDL2TTF_SHIM_H
#define SPRINGLAB_CSDL2TTF_SHIM_H
#include <SDL2/SDL.h>
#include <SDL2/SDL_ttf.h>
#endif
