/** sysexits codes the CLI's commands end with (besides 0 and their own documented ones). */
export const EX_USAGE = 64;
export const EX_DATAERR = 65;
/** No running stack, or a service of it could not do the work. */
export const EX_UNAVAILABLE = 69;
export const EX_NOPERM = 77;
