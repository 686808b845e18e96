"""When a reminder a push service asked to retry is tried again."""

from domino_server.push.retry import retry_at


def test_the_wait_doubles_with_each_try() -> None:
    waits = [retry_at(n, [0.0], now=1000.0, first=30.0, most=8) for n in (1, 2, 3, 4)]
    assert waits == [1030.0, 1060.0, 1120.0, 1240.0]


def test_a_longer_retry_after_asked_for_is_honoured() -> None:
    assert retry_at(1, [0.0, 600.0, 5.0], now=0.0, first=30.0, most=8) == 600.0
    assert retry_at(3, [10.0], now=0.0, first=30.0, most=8) == 120.0
    assert retry_at(2, [], now=0.0, first=30.0, most=8) == 60.0


def test_a_reminder_is_given_up_once_its_tries_are_spent() -> None:
    assert retry_at(7, [0.0], now=0.0, first=30.0, most=8) is not None
    assert retry_at(8, [0.0], now=0.0, first=30.0, most=8) is None
