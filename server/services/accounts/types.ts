export interface AuthUser {
  id: string;
  username: string;
  avatar: string;
  /** sha256 of the access token this request used, so logout can revoke exactly that one */
  tokenHash: string;
}
