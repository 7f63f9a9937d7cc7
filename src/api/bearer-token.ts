/**
 * RFC 6750 `b64token` (a JWT fits). Checked before a token goes into a `Headers`, because the platform's `Headers`
 * quotes an invalid value in its error message, which would put the token into logs.
 */
export const BEARER_TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;
