// The page's first call and its first photo, started before the scripts arrive (the client takes
// the answer: see src/api/first-call.js, which says why and how). Nothing to do when the server
// drew the first screen: its answers and its photo are in the page already.
(function () {
  if (document.getElementById('first-answers')) return;
  var phone = '(max-width: 599px) calc((100vw - 32px) * 0.75), ';
  var pages = {
    '/': ['/api/v1/product/product-list/1', phone + '300px'],
    '/shop': ['/api/v1/product/browse?page=1&limit=6&sort=newest', phone + '(max-width: 1023px) 34vw, 225px'],
  };
  var page = location.search ? null : pages[location.pathname];
  if (!page || !window.fetch) return;
  var answer = fetch(location.origin + page[0]).then(function (r) {
    return r.json().then(function (body) {
      return { status: r.status, body: body };
    });
  });
  window.firstCall = { url: page[0], answer: answer };
  answer.then(function (a) {
    var p = a.status === 200 && a.body && a.body.products && a.body.products[0];
    if (!p) return;
    var srcset = [320, 640, 1024].map(function (w) {
      var q = new URLSearchParams({ w: w });
      if (p.updatedAt) q.set('v', p.updatedAt);
      return '/api/v1/product/product-photo/' + p._id + '?' + q + ' ' + w + 'w';
    });
    var link = document.createElement('link');
    [['rel', 'preload'], ['as', 'image'], ['imagesrcset', srcset.join(', ')], ['imagesizes', page[1]],
      ['fetchpriority', 'high']].forEach(function (a) {
      link.setAttribute(a[0], a[1]);
    });
    document.head.appendChild(link);
  }, function () {});
})();
