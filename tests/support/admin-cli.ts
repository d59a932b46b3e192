import { execFileSync } from "node:child_process";
import path from "node:path";

const adminCreateScript = path.resolve(import.meta.dirname, "../../scripts/admin-create.ts");

/** Creates (or resets) an admin through the real `npm run admin:create` command. */
export function createAdminWithCli(databaseUrl: string, email: string, password: string): void {
  execFileSync(process.execPath, [adminCreateScript, "--email", email], {
    env: { ...process.env, DATABASE_URL: databaseUrl, ADMIN_PASSWORD: password },
    stdio: ["ignore", "ignore", "inherit"],
  });
}
