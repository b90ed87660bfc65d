/**
 * The md5 of a password as BladeX clients send it. Loaded when a form is submitted, not with the
 * sign-in page: the page stays within its size budget and nobody waits for it at submit time.
 */
export const md5Of = async (text: string): Promise<string> => (await import('blueimp-md5')).default(text);
