/** Firebase Cloud Messaging's web configuration, as the build received it (vite.config.ts). */
export interface FirebaseWebConfig {
  apiKey: string;
  projectId: string;
  messagingSenderId: string;
  appId: string;
  /** The web-push key pair's public key configured in the Firebase console. */
  vapidKey: string;
}

const FIELDS = ['apiKey', 'projectId', 'messagingSenderId', 'appId', 'vapidKey'] as const;

/** Reads the configuration; null when there is none or it lacks a field (then standard Web Push is used). */
export function parseFirebaseConfig(raw: string): FirebaseWebConfig | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    return FIELDS.every((field) => typeof value[field] === 'string' && value[field] !== '')
      ? (value as unknown as FirebaseWebConfig)
      : null;
  } catch {
    return null;
  }
}

export function firebaseConfig(): FirebaseWebConfig | null {
  return parseFirebaseConfig(import.meta.env.EARNEST_FIREBASE_CONFIG);
}
