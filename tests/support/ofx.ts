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
