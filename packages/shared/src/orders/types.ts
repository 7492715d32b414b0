/** What the orders routes answer (numbers as JSON numbers, dates as YYYY-MM-DD). */
export interface OrderLookup {
  id: number;
  name: string;
}

export interface OrderListItem {
  id: number;
  name: string;
  patient_id: number;
  patient: { first_name: string; last_name: string };
  status: OrderLookup;
  delivery: OrderLookup;
  po_number: string;
}

export interface OrderProductLine {
  id: number;
  order_id: number;
  product_id: number;
  product: { id: number; name: string; internal_code: string };
  /** Null when the price variant was removed from the product later. */
  variant_id: number | null;
  variant: { id: number; price_variant: string; unit_measure: string } | null;
  service_date: string;
  end_date: string;
  quantity: number;
  recurrence_id: number;
  recurrence: OrderLookup;
  sale_price: number;
  percentage: number;
  adjusted_sale_price: number;
  added_percentage: boolean;
  nutritional: boolean;
  tax_applied: boolean;
  locked_price: boolean;
  unit_measure: string;
}

export interface Service {
  id: number;
  date: string;
  ocurrence_id: number;
  order_product_id: number | null;
  product: { id: number; name: string; internal_code: string };
  order_product: { order_product_name: string; order_product_reference_code: string };
  variant_id: number | null;
  unit_measure: string;
  amount_remmited: number;
  sale_price: number;
  adjusted_sale_price: number;
  added_percentage: boolean;
  percentage: number;
  tax_applied: boolean;
  tax_amount: number;
  total: number;
  shipped: boolean;
  locked_price: boolean;
}

export interface Occurrence {
  id: number;
  order_id: number;
  date: string;
  po_number: string;
  shipped: boolean;
  shipped_date: string | null;
  eligibility_toggle: boolean;
  customer_approved: boolean;
  ticket_created: string | null;
  total: number;
  tax: number;
  services: Service[];
}

export interface Expiration {
  id: number;
  order_id: number;
  date: string;
  note: string;
  yellow: boolean;
  yellow_date: string | null;
  waiver: boolean;
  solved: boolean;
  red_solved_date: string | null;
  yellow_solved_date: string | null;
}

export interface Order {
  id: number;
  name: string;
  patient_id: number;
  patient: { id: number; first_name: string; last_name: string };
  delivery_id: number;
  delivery: OrderLookup;
  status_id: number;
  status: OrderLookup;
  po_number: string;
  patient_notes: string;
  office_notes: string;
  expired_at: string;
  customer_approved: boolean;
  user_creator_id: number | null;
  order_products: OrderProductLine[];
  ocurrences: Occurrence[];
  services: Service[];
  expirations: Expiration[];
}

export interface PatientOrder {
  id: number;
  name: string;
  delivery: OrderLookup;
  status: OrderLookup;
  ocurrences: {
    id: number;
    date: string;
    ticket_created: string | null;
    eligibility_toggle: boolean;
    customer_approved: boolean;
    shipped: boolean;
    invoice: { id: number } | null;
  }[];
}

export interface CallNote {
  id: number;
  body: string;
  created: string;
  user_stamped: { id: number; username: string };
}
