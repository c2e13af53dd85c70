/* Why a refused MPI call is refused: one reason per family of calls, so a program that reaches one learns what MSE
 * would need to model it, and what to use instead where MPI offers another way. */
#ifndef MSE_REFUSALS_H
#define MSE_REFUSALS_H

/* The reason `call` (as C or Fortran spells it, any case) is refused; NULL for a call of no known family. */
const char *mse_refusal_reason(const char *call);

#endif
