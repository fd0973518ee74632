import { MAX_AMOUNT } from '@/lib/constants';

/** A dollar figure the wizard asks for (a price, a value, a balance, a down payment): 0 to MAX_AMOUNT, the arrows moving it by $1,000. */
export const DOLLAR_FIELD = { prefix: '$', min: 0, max: MAX_AMOUNT, step: 1000 } as const;
