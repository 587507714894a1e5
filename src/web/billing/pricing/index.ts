export { buttonContent } from './button-content';
export { PricingTable, type PricingTableProps } from './pricing-table';
export { UPWATCH_PRODUCT_DETAILS } from './upwatch-details';
