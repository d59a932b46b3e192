//+------------------------------------------------------------------+
//| heartbeat.mqh: the robot's heartbeat to Agentes FX (issue 39).   |
//| One include for MetaTrader 4 and 5 (the __MQL5__ parts differ).  |
//| Once a minute it posts, as JSON, the account number, balance,    |
//| equity, open positions, the last closed trade's time (Unix, UTC) |
//| and profit, the robot's version and whether the terminal is      |
//| connected, with the subscription's token as a Bearer token.      |
//| Installing it: README.md, "The robot's heartbeat".               |
//+------------------------------------------------------------------+
#property strict

#define HEARTBEAT_TIMEOUT_MS 5000

// How far the trade server's clock is from UTC, rounded to 15 minutes: deal times are the
// server's, the heartbeat sends UTC.
long HeartbeatServerOffsetSeconds()
  {
#ifdef __MQL5__
   long offset = (long)TimeTradeServer() - (long)TimeGMT();
#else
   long offset = (long)TimeCurrent() - (long)TimeGMT();
#endif
   return (long)MathRound(offset / 900.0) * 900;
  }

// The last closed trade of the last 30 days: its close time (UTC, Unix seconds) and profit
// (swap and commission included); false when there is none.
bool HeartbeatLastTrade(long &closedAt, double &profit)
  {
   datetime newest = 0;
#ifdef __MQL5__
   if(!HistorySelect(TimeCurrent() - 30 * 86400, TimeCurrent() + 86400))
      return false;
   for(int i = HistoryDealsTotal() - 1; i >= 0; i--)
     {
      ulong deal = HistoryDealGetTicket(i);
      if(deal == 0 || HistoryDealGetInteger(deal, DEAL_ENTRY) != DEAL_ENTRY_OUT)
         continue;
      datetime time = (datetime)HistoryDealGetInteger(deal, DEAL_TIME);
      if(time <= newest)
         continue;
      newest = time;
      profit = HistoryDealGetDouble(deal, DEAL_PROFIT) + HistoryDealGetDouble(deal, DEAL_SWAP)
               + HistoryDealGetDouble(deal, DEAL_COMMISSION);
     }
#else
   for(int i = OrdersHistoryTotal() - 1; i >= 0; i--)
     {
      if(!OrderSelect(i, SELECT_BY_POS, MODE_HISTORY))
         continue;
      // Balance operations (deposits) are not trades.
      if(OrderType() != OP_BUY && OrderType() != OP_SELL)
         continue;
      if(OrderCloseTime() <= newest)
         continue;
      newest = OrderCloseTime();
      profit = OrderProfit() + OrderSwap() + OrderCommission();
     }
#endif
   if(newest == 0)
      return false;
   closedAt = (long)newest - HeartbeatServerOffsetSeconds();
   return true;
  }

int HeartbeatOpenPositions()
  {
#ifdef __MQL5__
   return PositionsTotal();
#else
   int open = 0;
   for(int i = OrdersTotal() - 1; i >= 0; i--)
      if(OrderSelect(i, SELECT_BY_POS, MODE_TRADES) && (OrderType() == OP_BUY || OrderType() == OP_SELL))
         open++;
   return open;
#endif
  }

string HeartbeatJson(const string robotVersion)
  {
   long closedAt = 0;
   double profit = 0;
   bool traded = HeartbeatLastTrade(closedAt, profit);
   string json = "{";
   json += "\"accountNumber\":\"" + IntegerToString(AccountInfoInteger(ACCOUNT_LOGIN)) + "\",";
   json += "\"balance\":\"" + DoubleToString(AccountInfoDouble(ACCOUNT_BALANCE), 2) + "\",";
   json += "\"equity\":\"" + DoubleToString(AccountInfoDouble(ACCOUNT_EQUITY), 2) + "\",";
   json += "\"openPositions\":" + IntegerToString(HeartbeatOpenPositions()) + ",";
   json += "\"lastTradeAt\":" + (traded ? IntegerToString(closedAt) : "null") + ",";
   json += "\"lastTradeProfit\":" + (traded ? "\"" + DoubleToString(profit, 2) + "\"" : "null") + ",";
   json += "\"robotVersion\":\"" + robotVersion + "\",";
   json += "\"terminalConnected\":" + (TerminalInfoInteger(TERMINAL_CONNECTED) ? "true" : "false");
   json += "}";
   return json;
  }

// Posts one heartbeat; answers the HTTP status (204 when stored), or -1 when WebRequest
// failed (the URL not allowed in Tools > Options > Expert Advisors, or no network).
int HeartbeatSend(const string url, const string token, const string robotVersion)
  {
   char body[];
   // StringToCharArray counts the terminating zero, which must not be sent.
   int size = StringToCharArray(HeartbeatJson(robotVersion), body, 0, WHOLE_ARRAY, CP_UTF8) - 1;
   ArrayResize(body, size);
   char answer[];
   string answerHeaders;
   string headers = "Content-Type: application/json\r\nAuthorization: Bearer " + token + "\r\n";
   ResetLastError();
   int status = WebRequest("POST", url, headers, HEARTBEAT_TIMEOUT_MS, body, answer, answerHeaders);
   if(status == -1)
      Print("Heartbeat: WebRequest failed, error ", GetLastError(), "; is ", url, " allowed?");
   else if(status != 204)
      Print("Heartbeat: HTTP ", status, " ", CharArrayToString(answer, 0, WHOLE_ARRAY, CP_UTF8));
   return status;
  }
//+------------------------------------------------------------------+
