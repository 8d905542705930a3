import { useRef, useState } from 'react';
import { Button, Modal } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { cancelOrder, ORDERS_KEY, orderKey } from '../../api/orders';
import { PRODUCT_KEY, PRODUCTS_KEY } from '../../api/products';
import { SOMETHING_WENT_WRONG } from '../../texts';
import { tabStaysInside } from '../../focus';

/**
 * CancelOrder is the Cancel order button of an order that has not shipped: it asks first, then
 * cancels; the page shows the answered order (Cancelled, with its history) at once. A refusal
 * shows the server's reason, and the order is loaded again: it changed meanwhile (shipped, or
 * cancelled elsewhere), so the page shows it as it is now. `onCancelled` is told once the
 * order is cancelled (the button then goes, and the page decides where focus goes).
 */
export default function CancelOrder({ order, token, onCancelled }) {
  const [asking, setAsking] = useState(false);
  // Set at the first "Yes, cancel it", before React has rendered the dialog as busy: a double
  // click sends one cancel.
  const sending = useRef(false);
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => cancelOrder(order._id),
    meta: {
      errorText: SOMETHING_WENT_WRONG,
      // Refused or unanswered, the order may have changed meanwhile (shipped, cancelled elsewhere
      // or by this very call): it is loaded again, and so is the list.
      rereadOnError: [orderKey(token, order._id), [...ORDERS_KEY, 'mine']],
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(orderKey(token, order._id), answer.order);
      // The lists show the new status, and the units are back in stock.
      [[...ORDERS_KEY, 'mine'], [...ORDERS_KEY, 'all'], PRODUCTS_KEY, PRODUCT_KEY]
        .forEach((queryKey) => queryClient.invalidateQueries({ queryKey }));
      toast.success(answer.message || 'Order cancelled');
      onCancelled?.();
    },
    onSettled: () => {
      sending.current = false;
      setAsking(false);
    },
  });
  const confirm = () => {
    if (sending.current) return;
    sending.current = true;
    cancel.mutate();
  };

  return (
    <>
      <Button danger onClick={() => setAsking(true)} disabled={cancel.isPending}>
        Cancel order
      </Button>
      <Modal
        open={asking}
        // the order number (and its question mark) never breaks after its "CS-" (.order-number)
        title={<>Cancel order <span className="order-number">{order.number}?</span></>}
        okText="Yes, cancel it"
        okButtonProps={{ danger: true }}
        cancelText="Keep order"
        confirmLoading={cancel.isPending}
        onOk={confirm}
        onCancel={() => setAsking(false)}
        modalRender={tabStaysInside}
      >
        <p>The order will not be sent, and your payment will be refunded to your card.</p>
      </Modal>
    </>
  );
}
