// The shop's settings the server reports: today the currency prices are charged in.
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';

export const DEFAULT_CURRENCY = 'inr';

export const getShopConfig = () =>
  api.get('/api/v1/config').then((d) => ({ currency: String(d?.currency || DEFAULT_CURRENCY).toLowerCase() }));

/** shopConfigQuery is read once a visit; a failure is silent and prices keep the default signs. */
export const shopConfigQuery = () =>
  queryOptions({ queryKey: ['config'], queryFn: getShopConfig, staleTime: Infinity });
