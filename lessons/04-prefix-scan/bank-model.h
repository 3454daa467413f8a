/* bank-model.h -- the bank-conflict model of the Blelloch up-sweep (bank-model.c). */
#ifndef BANK_MODEL_H
#define BANK_MODEL_H

#include <stddef.h>

/* Print, for a tile of 2 wg values, the worst conflict of a warp's access
 * at every offset of the up-sweep, without and with padding. */
void print_bank_model(size_t wg);

#endif /* BANK_MODEL_H */
