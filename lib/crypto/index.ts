export { open, seal, Sealed } from "./aesGcm";
export { deriveKey, isSecretKeyRequired, loadSecretKey, MissingSecretKeyError, secretKey } from "./secretKey";
export { newToken, sha256Hex } from "./hash";
