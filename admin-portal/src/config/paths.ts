/** Every route of the staff app, named once (spec §2.1, §2.2). */
const seg = (value: string | number) => encodeURIComponent(String(value));

export const paths = {
  home: { path: '/', getHref: () => '/' },

  auth: {
    login: { path: '/login', getHref: () => '/login' },
    sendRequest: { path: '/sendRequest', getHref: () => '/sendRequest' },
    setPassword: {
      path: '/user/setpassword/:token?',
      /** Without a token: the password has expired (spec §2.1). */
      getHref: (token?: string) => (token ? `/user/setpassword/${seg(token)}` : '/user/setpassword/'),
    },
    /** Emailed links (additions to the spec's screens): lift a lock; accept or confirm a change of email or name. */
    unlock: { path: '/user/unlock/:token', getHref: (token: string) => `/user/unlock/${seg(token)}` },
    confirmChange: { path: '/user/confirm/:token', getHref: (token: string) => `/user/confirm/${seg(token)}` },
  },

  app: {
    /** My tasks: what waits for the signed-in user; the first screen after login (`/` leads here). */
    tasks: { path: '/tasks', getHref: () => '/tasks' },
    query: { path: '/query', getHref: () => '/query' },
    archive: { path: '/archive', getHref: () => '/archive' },
    changePassword: { path: '/password', getHref: () => '/password' },
    /** The signed-in user's absence and delegate (an addition to the spec's screens). */
    absence: { path: '/absence', getHref: () => '/absence' },
    /** How the mails about the user's own tasks reach them: one each, or a daily digest. */
    mailPreference: { path: '/mail-preference', getHref: () => '/mail-preference' },
    /** Setting up the second factor (an ADMIN without one is sent here and can do nothing else). */
    secondFactor: { path: '/second-factor', getHref: () => '/second-factor' },
    documents: {
      list: { path: '/document/list', getHref: () => '/document/list' },
      search: { path: '/document/search', getHref: () => '/document/search' },
      add: { path: '/document/add', getHref: () => '/document/add' },
      /** Revise and resubmit: the Add wizard prefilled from this rejected change order. */
      revise: { path: '/document/revise/:id', getHref: (id: string | number) => `/document/revise/${seg(id)}` },
      view: { path: '/document/view/:id', getHref: (id: string | number) => `/document/view/${seg(id)}` },
      editParent: {
        path: '/document/editparent/:docId',
        getHref: (docId: string | number) => `/document/editparent/${seg(docId)}`,
      },
      editChild: {
        path: '/document/editchild/:editId',
        getHref: (editId: string | number) => `/document/editchild/${seg(editId)}`,
      },
      addChild: {
        path: '/document/:crid/addchild',
        getHref: (crid: string | number) => `/document/${seg(crid)}/addchild`,
      },
    },

    /** Paper copies on request: ADMIN only (the requesters' names and addresses); an ADMIN marks them dispatched. */
    paperCopies: { path: '/paperCopies', getHref: () => '/paperCopies' },

    // ADMIN only.
    users: { path: '/manageuser', getHref: () => '/manageuser' },
    customers: { path: '/managecustomer', getHref: () => '/managecustomer' },
    customerForm: {
      path: '/addcustomer/:customerId',
      /** `create` for a new customer, otherwise the customer being edited. */
      getHref: (customerId: string | number = 'create') => `/addcustomer/${seg(customerId)}`,
    },
    notifications: { path: '/managenotification', getHref: () => '/managenotification' },
    notificationAdd: { path: '/notification/add', getHref: () => '/notification/add' },
    /** Audit Trail Review: a record's history from the log, and the signed reviews of date ranges. */
    auditReview: { path: '/audittrail', getHref: () => '/audittrail' },
    notificationUpdate: {
      path: '/notification/update/:id',
      getHref: (id: string | number) => `/notification/update/${seg(id)}`,
    },
  },
} as const;

