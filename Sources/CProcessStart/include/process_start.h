#ifndef GAMEPACK_CPROCESSSTART_H
#define GAMEPACK_CPROCESSSTART_H

/// Returns 1 when this process is `gamepack diff` or `gamepack lint` restarted with malloc's
/// tunables for huge pages (`process_start.c`), whose malloc is set already; 0 otherwise.
int gamepack_process_restarted_with_tunables(void);

#endif
