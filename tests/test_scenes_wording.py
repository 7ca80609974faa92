from scenes.wording import article, count


def test_count_uses_the_singular_for_one():
    assert count(1, "block") == "1 block"
    assert count(0, "block") == "0 blocks"
    assert count(3, "Divine Punishment card") == "3 Divine Punishment cards"
    assert count(2, "child", "children") == "2 children"


def test_article_before_a_vowel():
    assert article("average") == "an average"
    assert article("shaky") == "a shaky"
