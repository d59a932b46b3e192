import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

const adminCreateScript = path.resolve(import.meta.dirname, "../../scripts/admin-create.ts");

/**
 * Creates (or resets) an admin through the real `npm run admin:create` command. Runs
 * asynchronously: a blocked event loop would keep a keep-alive socket that the server has
 * meanwhile closed, and the next request on it fails with "other side closed".
 */
export async function createAdminWithCli(
  databaseUrl: string,
  email: string,
  password: string,
): Promise<void> {
  await promisify(execFile)(process.execPath, [adminCreateScript, "--email", email], {
    env: { ...process.env, DATABASE_URL: databaseUrl, ADMIN_PASSWORD: password },
  });
}
