/**
 * Every route of the app (spec part 1 section 2, part 2 section 2, part 3 section 2).
 * `pattern` is what a route table uses; the helpers build links.
 */
type Id = number | string;

export const paths = {
  root: '/',
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: { pattern: '/reset-password/:token', url: (token: string) => `/reset-password/${token}` },
  notFound: '/404',
  home: '/home',
  users: {
    list: '/users',
    create: '/users/create',
    edit: { pattern: '/users/:id', url: (id: Id) => `/users/${id}` },
  },
  patients: {
    list: '/patients',
    rentals: '/patients_rentals',
    create: '/patients/create',
    edit: { pattern: '/patients/:id', url: (id: Id) => `/patients/${id}` },
    /** Edit Patient opened on its Documents tab (issue 34). */
    documents: (id: Id) => `/patients/${id}?tab=documents`,
  },
  products: {
    list: '/products',
    inventory: '/products_inventory',
    create: '/products/create',
    edit: { pattern: '/products/:id', url: (id: Id) => `/products/${id}` },
  },
  orders: {
    list: '/orders',
    create: '/orders/create',
    edit: { pattern: '/orders/:id/edit', url: (id: Id) => `/orders/${id}/edit` },
  },
  vendors: {
    list: '/vendors',
    create: '/vendors/create',
    edit: { pattern: '/vendor/:id', url: (id: Id) => `/vendor/${id}` },
  },
  expirations: '/expirations/',
  callPatients: {
    list: '/call-customers/',
    detail: { pattern: '/call-customers/:id', url: (id: Id) => `/call-customers/${id}` },
  },
  checkEligibility: '/check-eligibility/',
  callPatientsWithEligibility: {
    list: '/call-customer-w-eligibility/',
    detail: { pattern: '/call-customer-w-eligibility/:id', url: (id: Id) => `/call-customer-w-eligibility/${id}` },
  },
  shippingStatus: '/shipping-status/',
  /** Documents running out and occurrences on hold (issue 34). */
  documentsQueue: '/documents-queue/',
  remittance: '/remittance/',
  remittanceRevert: '/remittance_revert/',
  invoices: {
    list: '/invoices/',
    edit: { pattern: '/invoices/:id', url: (id: Id) => `/invoices/${id}` },
  },
  claims: {
    ready: '/claims/ready',
    list: '/claims',
    detail: { pattern: '/claims/:id', url: (id: Id) => `/claims/${id}` },
    batches: '/claim-batches',
  },
  /** Electronic remittances (835 files) and the denials they leave to work. */
  eras: {
    list: '/remittance-files',
    detail: { pattern: '/remittance-files/:id', url: (id: Id) => `/remittance-files/${id}` },
  },
  denials: '/denials',
  /** Remittance lines the payer allowed less than expected (issue 33). */
  underpayments: '/underpayments',
  endYearReport: '/end_year_report/',
  batchShippingStatus: '/batch_shipping_status/',
  /** Administrators' settings (electronic claims). */
  settings: {
    billing: '/settings/billing',
  },
} as const;

/**
 * Router state of links into the patients screens. Rentals: the list, Create Patient and Edit
 * Patient were opened from /patients_rentals (a new patient starts with Rentals = yes, the
 * breadcrumbs lead back to Rentals). callDetail: the call-detail path (e.g. /call-customers/12)
 * Edit Patient's "Go Back to Call Patient Details" action returns to.
 */
export interface PatientLinkState {
  rentals?: boolean;
  callDetail?: string;
}

/**
 * Router state of links into the order screens. fromPatient: the order was opened (or is being
 * created) from that patient's Orders tab: the patient is preselected and locked, and a
 * "Back to patient" button returns to /patients/{fromPatient}.
 */
export interface OrderLinkState {
  fromPatient?: number;
}

/** The patient an order screen was opened from, when the router state names one. */
export function fromPatientOf(state: unknown): number | null {
  if (typeof state !== 'object' || state === null) return null;
  const id = (state as OrderLinkState).fromPatient;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}
