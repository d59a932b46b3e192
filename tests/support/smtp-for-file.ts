import { afterAll } from "vitest";
import { startSmtpServer, type TestSmtpServer } from "./smtp-server.ts";

/**
 * A test SMTP server (tests/support/smtp-server.ts) for one vitest file: awaited at the file's
 * top level (`const smtp = await smtpServerForFile();`), it starts while the file is
 * collected and closes after the file's tests.
 */
export async function smtpServerForFile(): Promise<TestSmtpServer> {
  const smtp = await startSmtpServer();
  afterAll(() => smtp.close());
  return smtp;
}
