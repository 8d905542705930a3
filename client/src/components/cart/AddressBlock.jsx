// The cart's address block: the signed-in user's address with Update Address, or the
// Please Login to Checkout button that goes to /login with return state /cart.
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../context/auth';
import { CART, LOGIN, USER_PROFILE } from '../../paths';
import { LOGIN_TO_CHECKOUT } from '../../texts';

export default function AddressBlock() {
  const [auth] = useAuth();
  const navigate = useNavigate();

  if (!auth.token) {
    return (
      <div className="address-block">
        <button type="button" className="btn btn--primary btn--wide" onClick={() => navigate(LOGIN, { state: CART })}>
          {LOGIN_TO_CHECKOUT}
        </button>
      </div>
    );
  }
  return (
    <div className="address-block">
      {auth.user?.address && (
        <>
          <h3>Current Address</h3>
          <p dir="auto">{auth.user.address}</p>
        </>
      )}
      <button type="button" className="btn" onClick={() => navigate(USER_PROFILE)}>Update Address</button>
    </div>
  );
}
