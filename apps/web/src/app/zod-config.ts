import { config } from 'zod';

// The server's CSP allows no eval: zod must not even probe for it (the probe is reported as a
// violation). Imported first by main.tsx: zod reads the setting as each object schema is built, and
// the contracts build theirs as they are imported.
config({ jitless: true });
