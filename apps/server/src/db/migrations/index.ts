import * as catalogue from './0001-catalogue.js';
import * as users from './0002-users.js';
import * as accounts from './0003-accounts.js';
import * as engagement from './0004-engagement.js';
import * as discovery from './0005-discovery.js';
import * as membership from './0006-membership.js';
import * as points from './0007-points.js';
import * as feedback from './0008-feedback.js';
import * as hotSearchDemand from './0009-hot-search-demand.js';
import * as profileAndFollow from './0010-profile-and-follow.js';
import * as operators from './0011-operators.js';
import * as mediaPipeline from './0012-media-pipeline.js';
import * as catalogueConsole from './0013-catalogue-console.js';
import * as feedbackInbox from './0014-feedback-inbox.js';
import * as membersConsole from './0015-members-console.js';
import * as analyticsEvents from './0016-analytics-events.js';
import * as refunds from './0017-refunds.js';
import * as auditSchedule from './0018-audit-schedule.js';
import * as redeemCampaigns from './0019-redeem-campaigns.js';
import * as pointsConsole from './0020-points-console.js';
import * as reconciliation from './0022-reconciliation.js';
import * as analyticsRefunds from './0023-analytics-refunds.js';

/** Numbered migrations in the order they apply. Append; never edit one that has shipped. */
export const migrations: ReadonlyArray<{ name: string; statements: readonly string[] }> = [
  { name: '0001-catalogue', statements: catalogue.statements },
  { name: '0002-users', statements: users.statements },
  { name: '0003-accounts', statements: accounts.statements },
  { name: '0004-engagement', statements: engagement.statements },
  { name: '0005-discovery', statements: discovery.statements },
  { name: '0006-membership', statements: membership.statements },
  { name: '0007-points', statements: points.statements },
  { name: '0008-feedback', statements: feedback.statements },
  { name: '0009-hot-search-demand', statements: hotSearchDemand.statements },
  { name: '0010-profile-and-follow', statements: profileAndFollow.statements },
  { name: '0011-operators', statements: operators.statements },
  { name: '0012-media-pipeline', statements: mediaPipeline.statements },
  { name: '0013-catalogue-console', statements: catalogueConsole.statements },
  { name: '0014-feedback-inbox', statements: feedbackInbox.statements },
  { name: '0015-members-console', statements: membersConsole.statements },
  { name: '0016-analytics-events', statements: analyticsEvents.statements },
  { name: '0017-refunds', statements: refunds.statements },
  { name: '0018-audit-schedule', statements: auditSchedule.statements },
  { name: '0019-redeem-campaigns', statements: redeemCampaigns.statements },
  { name: '0020-points-console', statements: pointsConsole.statements },
  { name: '0022-reconciliation', statements: reconciliation.statements },
  { name: '0023-analytics-refunds', statements: analyticsRefunds.statements },
];
