#ifndef REEF_CNCURSES_SHIM_H
#define REEF_CNCURSES_SHIM_H

#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <wchar.h>
#include <stdio.h>
#include <unistd.h>
#include <langinfo.h>
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

#endif
