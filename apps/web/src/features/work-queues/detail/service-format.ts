import { formatPrice, type CallService } from '@dme/shared';

/** The product as the order line names it, else the catalogue name. */
export function serviceProductName(service: CallService): string {
  return service.order_product.order_product_name || service.product.name;
}

/** The unit price that applies: the adjusted price when a percentage is added. */
export function unitPrice(service: CallService): string {
  return formatPrice(service.added_percentage ? service.adjusted_sale_price : service.sale_price);
}
