/**
 * Who is asking, as far as limits per device and per network address can tell: the client address
 * (request.ip, which honours X-Forwarded-For only when TRUST_PROXY is set) and the device cookie the
 * browser keeps. Both are hashed before they are stored. A script can drop the cookie at will, so the
 * address is what holds it to a limit; the cookie catches one browser signing up several accounts. The
 * cookie also ties a QR login's poll to the browser that asked for the code. server/http/client-identity.ts
 * reads it off a request.
 */
export interface ClientIdentity {
  addressHash: string;
  deviceHash: string;
}
