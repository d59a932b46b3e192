// `npm run admin:create -- --email <e-mail> [--name <name>]`: creates an admin, or resets the
// password of an existing one. The password comes from ADMIN_PASSWORD or is prompted
// without echo. Runs on the database the server would use (DATABASE_URL, else PGlite in
// DATA_DIR); on PGlite it refuses while a server holds DATA_DIR (docs/decisions/004).
// The arguments and the password are checked before the database and auth modules load
// (dynamic imports below): a wrong call answers at once (docs/decisions/270).
import { parseArgs } from "node:util";
import { MIN_ADMIN_PASSWORD_LENGTH } from "../app/lib/admin-password.ts";
import type { Connection } from "../app/platform/db/db.server.ts";

const USAGE = "Usage: npm run admin:create -- --email <e-mail> [--name <name>]";

class UsageError extends Error {}

/** Reads a line from the terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  const { stdin, stdout } = process;
  if (!stdin.isTTY) {
    throw new UsageError(
      "No terminal to prompt for the password: set ADMIN_PASSWORD in the environment.",
    );
  }
  stdout.write(question);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding("utf8");
  return new Promise((resolve, reject) => {
    let value = "";
    const finish = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off("data", onData);
      stdout.write("\n");
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") return finish();
        if (char === "\u0003") return finish(new UsageError("Cancelled."));
        if (char === "\u007f" || char === "\b") value = value.slice(0, -1);
        else if (char >= " ") value += char;
      }
    };
    stdin.on("data", onData);
  });
}

async function readPassword(): Promise<string> {
  const fromEnv = process.env.ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  const password = await promptHidden(
    `Password (at least ${MIN_ADMIN_PASSWORD_LENGTH} characters): `,
  );
  const again = await promptHidden("Repeat the password: ");
  if (password !== again) throw new UsageError("The passwords differ.");
  return password;
}

async function main(): Promise<number> {
  let values: { email?: string; name?: string };
  try {
    ({ values } = parseArgs({
      options: { email: { type: "string" }, name: { type: "string" } },
      strict: true,
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  if (!values.email) throw new UsageError(USAGE);
  const password = await readPassword();
  if (password.length < MIN_ADMIN_PASSWORD_LENGTH) {
    throw new UsageError(
      `The password must have at least ${MIN_ADMIN_PASSWORD_LENGTH} characters.`,
    );
  }

  const [
    { AdminInputError, createOrResetAdmin },
    { DataDirLockedError },
    { connectPglite, connectPostgres },
    { ConfigurationError, getEnv },
  ] = await Promise.all([
    import("../app/lib/auth.server.ts"),
    import("../app/platform/db/data-dir-lock.server.ts"),
    import("../app/platform/db/db.server.ts"),
    import("../app/platform/http/env.server.ts"),
  ]);
  try {
    const env = getEnv();
    let connection: Connection;
    try {
      connection = env.DATABASE_URL
        ? await connectPostgres(env.DATABASE_URL)
        : await connectPglite(env.DATA_DIR);
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        throw new UsageError(
          `Cannot create the admin: a running server holds the embedded database.\n${error.message}\n` +
            "Stop the server, run this command again, then start the server.",
        );
      }
      throw error;
    }
    try {
      const email = values.email.trim().toLowerCase();
      const outcome = await createOrResetAdmin(connection.db, {
        email,
        password,
        name: values.name,
      });
      console.log(
        outcome === "created"
          ? `Admin ${email} created.`
          : `Password of ${email} reset; its open sessions were ended.`,
      );
      return 0;
    } finally {
      await connection.close();
    }
  } catch (error) {
    if (error instanceof AdminInputError) throw new UsageError(error.message);
    if (error instanceof ConfigurationError) {
      // Each bad setting named on its line, never a stack trace (docs/decisions/201).
      for (const { variable, problem } of error.problems) console.error(`${variable}: ${problem}`);
      return 1;
    }
    throw error;
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  if (error instanceof UsageError) {
    console.error(error.message);
    process.exitCode = 2;
  } else {
    console.error(error);
    process.exitCode = 1;
  }
}
