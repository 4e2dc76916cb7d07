/**
 * Every user-facing text of the spec (lamp-spec.md §2, §5, §8, decisions.md §3), verbatim.
 * Components, the server and tests import them from here; never retype one.
 */
export const messages = {
  validation: {
    emailRequired: 'Email required',
    invalidEmailFormat: 'Invalid email format',
    passwordRequired: 'Password required',
    currentPasswordRequired: 'Current password required',
    newPasswordRequired: 'New password required',
    passwordNotStrongEnough: 'The password is not strong enough',
    passwordsDoNotMatch: 'The password fields do not match',
    firstNameRequired: 'First name required',
    lastNameRequired: 'Last name required',
    /** The date-order rule, as the API words it on the end_date field. */
    endBeforeStart: 'end_date must not be before start_date',
    /** The same rule, as a page says it beside its date fields. */
    endBeforeStartText: 'The end date must not be before the start date',
  },
  auth: {
    emailOrPasswordInvalid: 'Email or password invalid',
    verificationRequired: 'Verification required, please check your email',
    forgotPasswordSuccess: 'Please check your email',
    forgotPasswordFallback: 'Email address is not registered',
    resetPasswordFallback: 'Unable to reset password, please contact support',
    passwordChanged: 'Password changed',
    changePasswordFallback: 'Incorrect current password',
    loginLinkFailed: 'There was an issue verifying your account, please try again or contact support.',
    strengthTimeout: 'Timeout loading zxcvbn',
    /** Login throttle (the project's text; the spec names none). */
    tooManyAttempts: (minutes: number) =>
      `Too many sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    /** The change-password throttle: wrong current passwords (the project's text; the spec names none). */
    tooManyPasswordGuesses: (minutes: number) =>
      `Too many wrong current passwords. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    /** 503: every password-hashing thread is busy and its queue full (server/auth/hash-pool.ts). */
    signInBusy: 'The server is busy checking passwords. Please try again in a few seconds.',
    /** 429: more sign-ins at once from one address than a person makes (server/routes/auth/auth.ts). */
    tooManyAtOnce: 'Too many sign-ins at once from your address. Please try again in a few seconds.',
    /** A call that needs a session made without one, or with an ended one. */
    signInRequired: 'Please sign in to continue',
  },
  strength: ['too short', 'weak', 'ok', 'good', 'strong'] as const,
  profile: {
    detailsUpdated: (firstName: string, lastName: string) => `${firstName} ${lastName} details updated`,
    marketingConsentLabel: 'Product marketing email consent.',
    confirmDetailsTitle: 'Confirm Details',
    changePasswordTitle: 'Change password',
  },
  access: {
    /** The selected account lacks a feature, or the user's own account is no product owner (/admin): 'User Error'. */
    userError: 'This account does not have the required access to view this page',
    /** The user's role is too low for a page: 'Account Error'. */
    accountError: 'You do not have the required access to view this page',
    /**
     * An API refusal of a write for the user's role (decisions.md §3): it says what was refused,
     * where the page texts above speak of viewing a page.
     */
    writeRefused: 'You do not have the required access to change this',
    spotlightNoAccess: 'You do not have Spotlight access for this account',
    /** A route that declares no access policy refuses everyone (fail closed). */
    noPolicy: 'This route is not available',
    /** A request for an account the user may not work in. */
    foreignAccount: 'You do not have access to this account',
  },
  api: {
    /** JSON endpoints refuse bodies a foreign page could send without a preflight (CSRF). */
    jsonOnly: 'This endpoint accepts only application/json request bodies',
    notFound: (resource: string) => `No ${resource} with this id, or no access to it`,
    /** 412: an If-Match that is no longer the row's version (optimistic concurrency). */
    changedBySomeoneElse: (resource: string) =>
      `This ${resource.replace(/-/g, ' ')} was changed by someone else since you opened it. Reload to see their changes, or overwrite them with yours.`,
    testingOnly: 'Test control is available only in demo and test modes',
    /** Another user has this e-mail address (users are unique by e-mail): a 409 on the email field. */
    emailTaken: 'A user with this e-mail address already exists',
    /** Test control, demo actions and Spotlight account creation from a page on another site. */
    crossSiteRefused: 'Refused: this request came from a page on another site, not from LAMP or a script',
    testControlRefused:
      'Test control answers only to this machine, or to requests with the test-control token (LAMP_TEST_CONTROL_TOKEN)',
    /** 507: the disk that holds the data is full; the write changed nothing (server/store/README.md). */
    diskFull:
      'This change was not saved: the disk that holds LAMP’s data is full. Nothing was changed. Try again once an administrator has freed space on it.',
    /** 503: the server is stopping (or another server took its data directory) and saves nothing more. */
    storeClosed: 'LAMP is shutting down and saves no more changes: try again in a moment, once it has started again.',
    /** A loopback client whose Host is another name: a page that rebound its name to this machine. */
    testControlHostRefused: (host: string) =>
      `Test control answers only at localhost, 127.0.0.1 or [::1] (or a host listed in LAMP_TEST_CONTROL_HOSTS), not at ${JSON.stringify(host)}, unless the request carries the test-control token`,
  },
  /** Changing who can sign in as a user (the spec has no texts for these). */
  signIn: {
    /** A 403 on the email field, and the note beside a locked e-mail field. */
    emailChangeRefused:
      'Only someone who outranks this user in every account they work in may change their e-mail address.',
    /** A changed address waits for its confirmation link (user pages and the profile). */
    emailPending: (address: string) =>
      `Waiting for ${address} to confirm the change. Until then this user signs in with the current address.`,
    /** The new address is someone else's by the time its link is followed. */
    emailNoLongerFree: 'This e-mail address now belongs to another user; the change was not made.',
  },
  titles: {
    userError: 'User Error',
    accountError: 'Account Error',
    spotlightError: 'Spotlight Error',
    resetPassword: 'Reset Password',
    loginLink: 'Login Link',
    newUser: 'New User',
  },
  errors: {
    unexpected: 'An unexpected error occurred',
    fetchingSelected: (name: string) => `An error occurred fetching the selected ${name}`,
    singleFetchEmpty: (resource: string) => `An error occurred while fetching the ${resource}.`,
    searchSectionFailed: (title: string) => `Error fetching ${title}`,
  },
  search: {
    placeholder: 'Search website...',
    recent: 'Recent',
    results: 'Results',
    noResults: 'No search Results',
    noRecent: 'No recent searches',
  },
  /**
   * A scheduled report's run (server/routes/reports/report-schedule-recipients.ts): who it did not mail and
   * why, and why a run sent nothing. The run's record, the audit trail and the notice to the
   * schedule's owner say the same words; the report page shows them with the run.
   */
  schedules: {
    recipientLostAccess: (address: string, account: string) => `${address} no longer has access to ${account}`,
    recipientOutside: (address: string, account: string) =>
      `${address} is not a user of ${account}, and the schedule's owner may no longer send reports outside the account (only an admin may)`,
    ownerLostAccess: (account: string) =>
      `Not sent: the schedule's owner no longer has access to ${account}; an admin of the account may delete the schedule or schedule the report again`,
    ownerGone:
      "Not sent: the schedule's owner no longer exists; an admin of the account may delete the schedule or schedule the report again",
    noneLeft: 'Not sent: none of the recipients may receive this report any more',
    noticeSubject: (report: string) => `"${report}" was not sent to everyone`,
    /** 409: a report already has the most schedules it may have (MAX_SCHEDULES_PER_REPORT). */
    tooManySchedules: (max: number) =>
      `This report already has ${max} schedules, the most one report may have. Change or delete one of them instead.`,
    /** 429: too many runs by hand in a minute (MANUAL_RUNS_PER_MINUTE), for this schedule or this user. */
    tooManyRuns: (max: number, seconds: number) =>
      `A report can be sent by hand at most ${max} times a minute. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
  },
  spotlight: {
    createAccount: 'Create Spotlight Account',
    userCreated: 'New spotlight user successfully created',
    /** Spec §8: the token the app keeps when the auth call fails. */
    unauthorisedToken: 'unauthorised',
    /** Error 3 (spec §4): the warning the app logs. */
    notMemberWarning: (accountName: string) => `The user tried to access the account ${accountName} in Spotlight`,
    // The service's own answers (decisions.md §5; the spec leaves their wording open).
    tokenMissing: 'A Spotlight token is required',
    tokenExpired: 'The Spotlight session has expired or is not valid; please reload the page',
    foreignCompany: 'You do not have access to this company in Spotlight',
    noCompany: 'This account does not have a Spotlight company yet',
    noUser: 'You do not have a Spotlight user yet',
    notMember: 'You do not have Spotlight access for this account',
    otherUser: 'A Spotlight token can be issued only for the signed-in user',
    stale: 'This record has changed since it was loaded; reload it and try again',
    notFound: (what: string) => `No ${what} with this id in this company`,
    // Managing studies and assets; a write refused by role answers access.writeRefused.
    studyFieldLocked: (status: string) => `cannot change while the study is ${status}`,
    studyMoveRefused: (from: string, to: string) => `A ${from} study cannot move to ${to}`,
    studyNeedsAssets: 'Add at least one asset before fielding the study',
    studyHasResults: 'This study has results and cannot be deleted',
    assetsLocked: (status: string) => `Assets can change only while the study is a draft; this one is ${status}`,
    fileType: 'Choose a PNG, JPEG, GIF, WebP or SVG image, or an MP4 or WebM video',
    fileTooLarge: (mb: number) => `The file is larger than ${mb} MB`,
    // The upload quotas (server/routes/spotlight/upload-quota.ts): which limit, and how to raise it.
    accountQuota: (account: string, usedMb: number, quotaMb: number) =>
      `This file would take ${account}'s uploads past the account's upload quota of ${quotaMb} MB (${usedMb} MB used). Delete assets you no longer need, or ask the operator to raise LAMP_UPLOAD_QUOTA_MB.`,
    sandboxQuota: (sandbox: string, usedMb: number, quotaMb: number) =>
      `This file would take the test sandbox ${sandbox}'s uploads past its quota of ${quotaMb} MB (${usedMb} MB used). Delete assets or reset the sandbox, or raise LAMP_SANDBOX_UPLOAD_QUOTA_MB.`,
    fileUnreadable: 'The file cannot be read as an image or a video',
    /** An SVG made to run, not to be looked at (server/routes/spotlight/svg-clean.ts names what it found). */
    svgActive: (found: string) =>
      `An SVG creative must be a picture only, and this one has ${found}. Remove it, or upload a PNG or JPEG instead.`,
    svgTooLarge: (mb: number) =>
      `An SVG creative may be at most ${mb} MB. Simplify it, or upload it as a PNG or JPEG instead.`,
    fileMissing: 'Choose a file to upload',
    areaOutside: 'The area must lie inside the creative',
    copyIds: 'Copy both ids',
    copied: 'Copied to the clipboard',
    copyByHand: 'Selected: press Ctrl+C (⌘C on a Mac) to copy',
    // Onboarding (spec §2): the texts around the error ids.
    onboardingTitle: 'Welcome to Spotlight',
    linkExisting: 'Link an existing Spotlight account',
    linkExistingHelp: 'Give your account manager these ids, and they will link your existing Spotlight account:',
    createNew: 'Create a new Spotlight account',
    createNewHelp: 'Start testing creatives now with a Spotlight account of your own for this company.',
  },
  shell: {
    returnToMeasurement: 'Return to Measurement',
    savedReports: 'Saved Reports',
    backToMainReports: 'Back to main reports',
  },
  contractBanner: 'This account does not have an active contract attached. Please contact Client Success.',
} as const;

/**
 * Error-alert text (spec §8): the server's message, else its error field, else the fallback,
 * else 'An unexpected error occurred'.
 */
export function errorAlertText(body: unknown, fallback?: string): string {
  if (body && typeof body === 'object') {
    const { message, error } = body as { message?: unknown; error?: unknown };
    if (typeof message === 'string' && message.trim()) return message;
    if (typeof error === 'string' && error.trim()) return error;
  }
  return fallback ?? messages.errors.unexpected;
}
