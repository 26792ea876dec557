/** sre flag bits (re._constants), shared by the literal parser (re.compile calls) and the regex translator (inline flags). */
export const F_TEMPLATE = 1;
export const F_I = 2;
export const F_L = 4;
export const F_M = 8;
export const F_S = 16;
export const F_U = 32;
export const F_X = 64;
export const F_A = 256;
