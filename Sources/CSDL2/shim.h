// SDL2 for Swift: the headers plus static-inline wrappers for what Swift cannot import
// (function-like macros) and for reading the X server's event time (docs/behaviour.md §2).
#ifndef SPRINGLAB_CSDL2_SHIM_H
#define SPRINGLAB_CSDL2_SHIM_H
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>

static inline int springlab_windowpos_centered(void) { return (int)SDL_WINDOWPOS_CENTERED; }
static inline Uint32 springlab_button_mask(int button) { return SDL_BUTTON(button); }

/// The X server's timestamp (ms) of a raw X event SDL is about to translate, or 0 when
/// the event is not a pointer/key event or the window system is not X11. SDL's own
/// event.timestamp is stamped when the queue is pumped, not when the motion happened.
static inline Uint32 springlab_syswm_x11_time(const SDL_SysWMmsg *msg, int *kind) {
    *kind = 0;
#if defined(SDL_VIDEO_DRIVER_X11)
    if (msg == NULL || msg->subsystem != SDL_SYSWM_X11) return 0;
    const XEvent *e = &msg->msg.x11.event;
    switch (e->type) {
    case MotionNotify: *kind = 1; return (Uint32)e->xmotion.time;
    case ButtonPress: *kind = 2; return (Uint32)e->xbutton.time;
    case ButtonRelease: *kind = 3; return (Uint32)e->xbutton.time;
    case KeyPress: *kind = 4; return (Uint32)e->xkey.time;
    case KeyRelease: *kind = 5; return (Uint32)e->xkey.time;
    default: return 0;
    }
#else
    (void)msg;
    return 0;
#endif
}
#endif
