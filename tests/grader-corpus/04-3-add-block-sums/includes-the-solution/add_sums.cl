/* Exercise 04-3: add each block's sum to the next block. */
#define SOLUTION 1
#include "../../solutions/04-3-add-block-sums/add_sums.cl"
