// A bank's OFX 2 statement of credits, for the statement-import tests: account 12345-6, every
// credit posted on `postedOn` ("YYYYMMDD") at 10h in Brasília.
export interface OfxCredit {
  fitId: string;
  amount: string;
  memo: string;
}

export const ofxStatement = (credits: OfxCredit[], postedOn = "20261202") =>
  new TextEncoder().encode(`<?xml version="1.0" encoding="UTF-8"?>
<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1</TRNUID><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>
<STMTRS><CURDEF>BRL</CURDEF><BANKACCTFROM><BANKID>260</BANKID><ACCTID>12345-6</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>
<BANKTRANLIST><DTSTART>${postedOn}</DTSTART><DTEND>${postedOn}</DTEND>
${credits
  .map(
    (c) =>
      `<STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>${postedOn}100000[-3:BRT]</DTPOSTED><TRNAMT>${c.amount}</TRNAMT><FITID>${c.fitId}</FITID><MEMO>${c.memo}</MEMO></STMTTRN>`,
  )
  .join("\n")}
</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
`);

export interface SgmlStatementOptions {
  /** ACCTID as the bank writes it. */
  account?: string;
  currency?: string;
  /** false: the whole file on one line, as some banks send it. */
  lineBreaks?: boolean;
  /** A second account's statement in the same file. */
  secondAccount?: string;
}

/**
 * A bank's OFX 1.02 SGML statement, the Brazilian way: the usual header (CHARSET:1252), leaf
 * elements never closed, CRLF line breaks; each credit posted on `postedOn` at 10h.
 */
export function sgmlStatement(
  credits: OfxCredit[],
  {
    account = "12345-6",
    currency = "BRL",
    lineBreaks = true,
    secondAccount,
  }: SgmlStatementOptions = {},
  postedOn = "20261202",
): string {
  const statement = (acctId: string, list: OfxCredit[]) => [
    "<STMTTRNRS>",
    "<TRNUID>1001",
    "<STATUS>",
    "<CODE>0",
    "<SEVERITY>INFO",
    "</STATUS>",
    "<STMTRS>",
    `<CURDEF>${currency}`,
    "<BANKACCTFROM>",
    "<BANKID>0341",
    `<ACCTID>${acctId}`,
    "<ACCTTYPE>CHECKING",
    "</BANKACCTFROM>",
    "<BANKTRANLIST>",
    `<DTSTART>${postedOn}000000[-3:BRT]`,
    `<DTEND>${postedOn}235959[-3:BRT]`,
    ...list.flatMap((c) => [
      "<STMTTRN>",
      "<TRNTYPE>CREDIT",
      `<DTPOSTED>${postedOn}100000[-3:BRT]`,
      `<TRNAMT>${c.amount}`,
      `<FITID>${c.fitId}`,
      `<MEMO>${c.memo}`,
      "</STMTTRN>",
    ]),
    "</BANKTRANLIST>",
    "<LEDGERBAL>",
    "<BALAMT>0.00",
    `<DTASOF>${postedOn}235959[-3:BRT]`,
    "</LEDGERBAL>",
    "</STMTRS>",
    "</STMTTRNRS>",
  ];
  const header = [
    "OFXHEADER:100",
    "DATA:OFXSGML",
    "VERSION:102",
    "SECURITY:NONE",
    "ENCODING:USASCII",
    "CHARSET:1252",
    "COMPRESSION:NONE",
    "OLDFILEUID:NONE",
    "NEWFILEUID:NONE",
    "",
  ];
  const body = [
    "<OFX>",
    "<SIGNONMSGSRSV1>",
    "<SONRS>",
    "<STATUS>",
    "<CODE>0",
    "<SEVERITY>INFO",
    "</STATUS>",
    `<DTSERVER>${postedOn}235959[-3:BRT]`,
    "<LANGUAGE>POR",
    "</SONRS>",
    "</SIGNONMSGSRSV1>",
    "<BANKMSGSRSV1>",
    ...statement(account, credits),
    ...(secondAccount ? statement(secondAccount, []) : []),
    "</BANKMSGSRSV1>",
    "</OFX>",
  ];
  return `${header.join("\r\n")}\r\n${body.join(lineBreaks ? "\r\n" : "")}\r\n`;
}
