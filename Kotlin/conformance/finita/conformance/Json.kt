// A small JSON reader for the conformance scenarios: objects, arrays, strings, integers,
// booleans and null, with the position of the first mistake.
package finita.conformance

/** Reads [text] as one JSON value: Map, List, String, Long, Boolean or null. */
fun readJson(text: String): Any? {
    val reader = JsonReader(text)
    val value = reader.value()
    reader.skipSpace()
    if (reader.index != text.length) reader.fail("unexpected text after the value")
    return value
}

private class JsonReader(val text: String) {
    var index = 0

    fun fail(message: String): Nothing =
        throw IllegalArgumentException("JSON, at offset $index: $message")

    fun skipSpace() {
        while (index < text.length && text[index].isWhitespace()) index++
    }

    fun value(): Any? {
        skipSpace()
        if (index >= text.length) fail("a value is missing")
        return when (val c = text[index]) {
            '{' -> obj()
            '[' -> array()
            '"' -> string()
            't' -> word("true", true)
            'f' -> word("false", false)
            'n' -> word("null", null)
            else -> if (c == '-' || c.isDigit()) number() else fail("unexpected '$c'")
        }
    }

    fun word(word: String, value: Any?): Any? {
        if (!text.startsWith(word, index)) fail("expected $word")
        index += word.length
        return value
    }

    fun number(): Long {
        val start = index
        if (text[index] == '-') index++
        while (index < text.length && text[index].isDigit()) index++
        return text.substring(start, index).toLongOrNull() ?: fail("not an integer")
    }

    fun string(): String {
        index++
        val out = StringBuilder()
        while (true) {
            if (index >= text.length) fail("a string is not closed")
            val c = text[index++]
            when (c) {
                '"' -> return out.toString()
                '\\' -> {
                    if (index >= text.length) fail("a string is not closed")
                    when (val e = text[index++]) {
                        'n' -> out.append('\n')
                        't' -> out.append('\t')
                        'r' -> out.append('\r')
                        'u' -> {
                            out.append(text.substring(index, index + 4).toInt(16).toChar())
                            index += 4
                        }
                        else -> out.append(e)
                    }
                }
                else -> out.append(c)
            }
        }
    }

    fun array(): List<Any?> {
        index++
        val items = ArrayList<Any?>()
        skipSpace()
        if (text.getOrNull(index) == ']') return items.also { index++ }
        while (true) {
            items.add(value())
            skipSpace()
            when (text.getOrNull(index)) {
                ',' -> index++
                ']' -> return items.also { index++ }
                else -> fail("expected ',' or ']'")
            }
        }
    }

    fun obj(): Map<String, Any?> {
        index++
        val members = LinkedHashMap<String, Any?>()
        skipSpace()
        if (text.getOrNull(index) == '}') return members.also { index++ }
        while (true) {
            skipSpace()
            if (text.getOrNull(index) != '"') fail("expected a member name")
            val name = string()
            skipSpace()
            if (text.getOrNull(index) != ':') fail("expected ':'")
            index++
            members[name] = value()
            skipSpace()
            when (text.getOrNull(index)) {
                ',' -> index++
                '}' -> return members.also { index++ }
                else -> fail("expected ',' or '}'")
            }
        }
    }
}
