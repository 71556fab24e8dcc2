// A private game's refusal page: asks again with a seat's token this browser keeps (see caravan.openPrivate).
"use strict";
caravan.openPrivate(document.body.dataset.game);
