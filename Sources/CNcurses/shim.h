#ifndef REEF_CNCURSES_SHIM_H
#define REEF_CNCURSES_SHIM_H

#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <wchar.h>
#include <stdio.h>
#include <unistd.h>
#include <langinfo.h>
#include <signal.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

// C globals are not concurrency-safe from Swift 6: reach them through accessors.
static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline int cn_lines(void) { return LINES; }
static inline int cn_cols(void) { return COLS; }
static inline int cn_colors(void) { return COLORS; }
static inline int cn_color_pairs(void) { return COLOR_PAIRS; }

// Function-like macros are not imported.
static inline attr_t cn_a_normal(void) { return A_NORMAL; }
static inline attr_t cn_a_bold(void) { return A_BOLD; }
static inline attr_t cn_a_dim(void) { return A_DIM; }
static inline attr_t cn_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cn_a_reverse(void) { return A_REVERSE; }
static inline attr_t cn_a_italic(void) { return A_ITALIC; }
static inline attr_t cn_color_pair(short pair) { return COLOR_PAIR(pair); }
static inline int cn_key_f(int n) { return KEY_F(n); }
static inline int cn_wcwidth(wchar_t c) { return wcwidth(c); }
static inline const char *cn_codeset(void) { return nl_langinfo(CODESET); }

// Mouse masks are computed by macros.
static inline mmask_t cn_all_mouse_events(void) { return ALL_MOUSE_EVENTS; }
static inline mmask_t cn_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t cn_button1_clicked(void) { return BUTTON1_CLICKED | BUTTON1_DOUBLE_CLICKED | BUTTON1_RELEASED; }
static inline mmask_t cn_button2_pressed(void) { return BUTTON2_PRESSED | BUTTON2_CLICKED; }
static inline mmask_t cn_button3_pressed(void) { return BUTTON3_PRESSED | BUTTON3_CLICKED; }
static inline mmask_t cn_wheel_up(void) { return BUTTON4_PRESSED; }
static inline mmask_t cn_wheel_down(void) {
#ifdef BUTTON5_PRESSED
    return BUTTON5_PRESSED;
#else
    return 0;
#endif
}

// The terminal is restored before the process dies of SIGINT, SIGTERM, SIGHUP or SIGQUIT:
// endwin, then the default action of the signal (so the exit status tells what happened).
static inline void cn_restore_and_reraise(int signal_number) {
    endwin();
    signal(signal_number, SIG_DFL);
    raise(signal_number);
}

static inline void cn_install_signal_handlers(void) {
    signal(SIGINT, cn_restore_and_reraise);
    signal(SIGTERM, cn_restore_and_reraise);
    signal(SIGHUP, cn_restore_and_reraise);
    signal(SIGQUIT, cn_restore_and_reraise);
}

static inline void cn_reset_signal_handlers(void) {
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGHUP, SIG_DFL);
    signal(SIGQUIT, SIG_DFL);
}

#endif
