#include <sqlite3.h>

/// Seeds SQLite's process-wide random generator (`SQLITE_TESTCTRL_PRNG_SEED`; 0 means "no
/// seed"): `sqlite3_test_control` is variadic, which Swift cannot call.
static inline int lifeline_sqlite3_seed_randomness(int seed) {
    return sqlite3_test_control(SQLITE_TESTCTRL_PRNG_SEED, seed, (sqlite3 *)0);
}
