// Texts shared by several dashboard screens.
import { SOMETHING_WENT_WRONG } from '../../texts';

export const LOADING_TEXT = 'please wait...';
export const GENERIC_ERROR = SOMETHING_WENT_WRONG;
