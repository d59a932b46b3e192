// Every message and job of the product, handed to the worker (docs/decisions/113). A feature
// adds a message by declaring it with defineMessage beside its code and listing it here;
// the platform imports no feature.
import { accountLinkMessage, paymentReceiptMessage } from "./features/account/messages.tsx";
import { campaignRetentionJob } from "./features/campaigns/jobs.server.ts";
import { deliveryReportRetentionJob } from "./features/deliverability/jobs.server.ts";
import { campaignQueue } from "./features/campaigns/queue.server.ts";
import { unconfirmedEntriesJob } from "./features/confirmation/jobs.server.ts";
import {
  alreadyListedMessage,
  confirmSignupMessage,
  confirmSignupReminderMessage,
} from "./features/confirmation/messages.tsx";
import {
  invitationExpiredMessage,
  invitationMessage,
  invitationReminderMessage,
  invitationRevokedMessage,
} from "./features/invitations/messages.tsx";
import {
  confirmNewsletterMessage,
  newsletterWelcomeMessage,
} from "./features/newsletter/messages.tsx";
import { orderRemindersJob, ptaxJob, setupOverdueJob } from "./features/orders/jobs.server.ts";
import { apiPixJob, pixInboxJob } from "./features/orders/pix-jobs.server.ts";
import { pixAutomaticoJob } from "./features/sales/pix-automatico-jobs.server.ts";
import {
  orderCreatedMessage,
  orderExpiredMessage,
  orderPaidMessage,
  orderReminderMessage,
  orderRunningMessage,
  orderVpsReadyMessage,
  staffOrderAcceptedMessage,
  staffOrderPaidMessage,
  staffPaymentLinkRequestedMessage,
  staffSetupOverdueMessage,
  staffSetupSubmittedMessage,
} from "./features/orders/messages.tsx";
import { deferredErasureJob } from "./features/privacy/jobs.server.ts";
import { myDataLinkMessage } from "./features/privacy/messages.tsx";
import {
  checkoutCutsJob,
  invitationDeadlinesJob,
  paymentNotificationRetentionJob,
  renewalsJob,
} from "./features/sales/jobs.server.ts";
import {
  renewalChargeMessage,
  renewalDebitMessage,
  renewalDebitReminderMessage,
  renewalLateMessage,
  renewalReminderMessage,
  subscriptionCancelledMessage,
  subscriptionEndedMessage,
  subscriptionReactivatedMessage,
  subscriptionRefundedMessage,
  subscriptionSuspendedMessage,
} from "./features/subscriptions/messages.tsx";
import {
  mandateEndedMessage,
  saleRefundedMessage,
  staffMandateEndedMessage,
  staffMoneyWaitingMessage,
  staffRefundRequestedMessage,
} from "./features/sales/messages.tsx";
import { fleetIncidentsJob, heartbeatDownsamplingJob } from "./features/fleet/jobs.server.ts";
import {
  fleetIncidentClosedMessage,
  fleetIncidentOpenedMessage,
} from "./features/fleet/messages.tsx";
import {
  supportReceivedMessage,
  supportReplyMessage,
  supportStaffNoticeMessage,
  supportStaffOverdueMessage,
  supportFilesRefusedMessage,
} from "./features/support/messages.tsx";
import { supportOverdueJob } from "./features/support/jobs.server.ts";
import { getDb } from "./platform/db/db.server.ts";
import { getEnv } from "./platform/http/env.server.ts";
import { createRegistry } from "./platform/jobs/registry.ts";
import { retentionJob } from "./platform/jobs/retention.server.ts";

export const registry = createRegistry([
  renewalChargeMessage,
  renewalReminderMessage,
  renewalDebitMessage,
  renewalDebitReminderMessage,
  renewalLateMessage,
  subscriptionSuspendedMessage,
  subscriptionCancelledMessage,
  subscriptionRefundedMessage,
  subscriptionReactivatedMessage,
  subscriptionEndedMessage,
  staffMoneyWaitingMessage,
  saleRefundedMessage,
  mandateEndedMessage,
  staffMandateEndedMessage,
  renewalsJob,
  checkoutCutsJob,
  confirmSignupMessage,
  confirmSignupReminderMessage,
  unconfirmedEntriesJob,
  alreadyListedMessage,
  myDataLinkMessage,
  deferredErasureJob,
  accountLinkMessage,
  paymentReceiptMessage,
  confirmNewsletterMessage,
  newsletterWelcomeMessage,
  invitationMessage,
  invitationReminderMessage,
  invitationExpiredMessage,
  invitationRevokedMessage,
  invitationDeadlinesJob,
  orderCreatedMessage,
  orderReminderMessage,
  orderPaidMessage,
  orderExpiredMessage,
  orderVpsReadyMessage,
  orderRunningMessage,
  staffOrderAcceptedMessage,
  staffOrderPaidMessage,
  staffPaymentLinkRequestedMessage,
  staffSetupSubmittedMessage,
  staffSetupOverdueMessage,
  staffRefundRequestedMessage,
  orderRemindersJob,
  setupOverdueJob,
  apiPixJob,
  pixInboxJob,
  pixAutomaticoJob,
  ptaxJob,
  retentionJob(getDb, () => getEnv().EMAIL_RETENTION_DAYS),
  campaignRetentionJob,
  deliveryReportRetentionJob,
  paymentNotificationRetentionJob,
  heartbeatDownsamplingJob,
  fleetIncidentOpenedMessage,
  fleetIncidentClosedMessage,
  fleetIncidentsJob,
  supportReceivedMessage,
  supportReplyMessage,
  supportStaffNoticeMessage,
  supportStaffOverdueMessage,
  supportFilesRefusedMessage,
  supportOverdueJob,
  campaignQueue(() => ({
    global: getEnv().CAMPAIGN_RATE_PER_SECOND,
    domain: getEnv().CAMPAIGN_DOMAIN_RATE_PER_SECOND,
  })),
]);
